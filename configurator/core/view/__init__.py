"""Qt-free views of the core's results (issue 14, part 5): one number formatter
(:mod:`.numbers`), one label catalogue in both languages (:mod:`.words`) and the view model
of an estimate (:mod:`.estimate_view`), which the window, the command line and the printed
summary render."""
