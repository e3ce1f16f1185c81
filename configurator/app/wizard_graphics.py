"""The wizard's questions for graphics work: virtual desktops, video streams, rendering."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel

from configurator.app.field_help import field_help, field_question
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.app.wizard_boxes import deadline_box, decimal_box, whole_box
from configurator.core.catalog import Catalog
from configurator.core.formulas.graphics import DESKTOP_CLASS_LOAD_TFLOPS, DESKTOP_CLASS_PROFILE_GIB
from configurator.core.scenario import RESOLUTIONS, Graphics
from configurator.core.view.card_names import card_name

DESKTOP_USERS = {kind: (user_class, DESKTOP_CLASS_LOAD_TFLOPS[user_class]) for kind, user_class in (
    ("knowledge", "knowledge"), ("power", "power"), ("designer", "designer"), ("engineer", "heavy"))}
"""Starting points per kind of desktop user: (user class, FP32 load [TFLOP/s]). The class sets the
vGPU profile with the displays (:func:`desktop_start`) and the load
(:data:`configurator.core.formulas.graphics.DESKTOP_CLASS_LOAD_TFLOPS`: assumptions to adjust, only the
knowledge-worker load derived from a published density, the A16's 64 desktops per board)."""

LOCAL_DISPLAY = "graphics.local_display"
"""The field the desktops' "Monitor attached" question sets: the monitors cabled to the card, a workstation at
each user's desk (:func:`~configurator.core.desks.at_desks`)."""


def desktop_start(kind: str) -> tuple[str, float, float]:
    """(user class, vGPU profile on one HD display [GiB], FP32 load [TFLOP/s]) of a starting point:
    the profile is the class's (:data:`configurator.core.formulas.graphics.DESKTOP_CLASS_PROFILE_GIB`),
    raised by the core for more display (:func:`configurator.core.graphics.desktop_profile_gib`)."""
    user_class, load = DESKTOP_USERS[kind]
    return user_class, DESKTOP_CLASS_PROFILE_GIB[user_class], load


class GraphicsQuestions(QObject):
    """Three group boxes (desktops, video, rendering); one is shown for the workload."""

    def __init__(self, catalog: Catalog, problem: QLabel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.desktops_box = QGroupBox(_tc("LoadPage", "Virtual desktops"))
        form = QFormLayout(self.desktops_box)
        self.desktop_users = whole_box(Graphics, "users", lambda n: self.tr(" user(s)", "", n), problem)
        form.addRow(_tc("LoadPage", "&Users at the same time"), self.desktop_users)
        self.user_kind = QComboBox()
        kinds = {
            "knowledge": _tc("LoadPage", "Office, web and video (1 GiB, 0.25 TFLOP/s each)"),
            "power": _tc("LoadPage", "Power users, light CAD (2 GiB, 0.5 TFLOP/s each)"),
            "designer": _tc("LoadPage", "Designers, CAD (4 GiB, 2 TFLOP/s each)"),
            "engineer": _tc("LoadPage", "3D engineering, visualisation (8 GiB, 6 TFLOP/s each)"),
        }
        for key, label in kinds.items():
            self.user_kind.addItem(label, key)
        self.user_kind.setToolTip(_tc("LoadPage", "Starting points: adjust the profile and load in the main window"))
        form.addRow(_tc("LoadPage", "&Kind of user"), self.user_kind)
        self.monitors = whole_box(Graphics, "monitors", lambda n: self.tr(" monitor(s)", "", n), problem)
        self.monitors.setToolTip(_tc("LoadPage", "More pixels than one HD display need a larger vGPU profile"))
        form.addRow(_tc("LoadPage", "&Monitors per desktop"), self.monitors)
        self.desktop_resolution = QComboBox()
        for name in RESOLUTIONS:
            self.desktop_resolution.addItem(name, name)
        form.addRow(_tc("LoadPage", "Monitor &resolution"), self.desktop_resolution)
        # the editor's "Monitor attached" box (graphics.local_display, --local-display): workstations at the users'
        # desks, asked as the buyer's question with its two answers, and its tooltip, the field registry's (one
        # declaration, core/fields_graphics.py); "Monitor attached" alone said little without its tooltip
        question, answers = field_question(LOCAL_DISPLAY)
        self.local_display = QComboBox()
        for at_machine, answer in enumerate(answers):  # off's answer, then on's
            self.local_display.addItem(answer, bool(at_machine))
        self.local_display.setObjectName(f"wizard:{LOCAL_DISPLAY}")
        self.local_display.setToolTip(field_help(LOCAL_DISPLAY))
        self.local_display_question = QLabel(question)
        self.local_display_question.setWordWrap(True)
        self.local_display_question.setBuddy(self.local_display)
        form.addRow(self.local_display_question)
        form.addRow("", self.local_display)

        self.video_box = QGroupBox(_tc("LoadPage", "Video"))
        form = QFormLayout(self.video_box)
        self.streams = whole_box(Graphics, "streams", lambda n: self.tr(" stream(s)", "", n), problem)
        form.addRow(_tc("LoadPage", "&Streams at the same time"), self.streams)
        self.resolution = QComboBox()
        for name in RESOLUTIONS:
            self.resolution.addItem(name, name)
        self.resolution.setCurrentIndex(self.resolution.findData("1080p"))
        form.addRow(_tc("LoadPage", "&Resolution"), self.resolution)
        self.fps = decimal_box(Graphics, "fps", _tc("LoadPage", " fps"), 0, 1.0, problem)
        form.addRow(_tc("LoadPage", "&Frame rate"), self.fps)
        self.codec = QComboBox()
        for key, label in (("h264", "H.264"), ("hevc", "HEVC (H.265)"), ("av1", "AV1")):
            self.codec.addItem(label, key)
        self.codec.setToolTip(field_help("graphics.codec"))  # the output's: the window's words (persona49)
        form.addRow(_tc("LoadPage", "&Codec"), self.codec)

        self.render_box = QGroupBox(_tc("LoadPage", "Rendering"))
        form = QFormLayout(self.render_box)
        self.scene = decimal_box(Graphics, "scene_gib", _tc("LoadPage", " GiB"), 1, 1.0, problem)
        self.scene.setToolTip(_tc("LoadPage", "Geometry and textures; the whole scene must fit in each card's memory"))
        form.addRow(_tc("LoadPage", "&Scene size"), self.scene)
        self.frames = whole_box(Graphics, "frames", lambda n: self.tr(" frame(s)", "", n), problem)
        form.addRow(_tc("LoadPage", "&Frames"), self.frames)
        self.minutes = decimal_box(Graphics, "reference_minutes_per_frame", _tc("LoadPage", " min per frame"), 2,
                                   1.0, problem)
        self.minutes.setToolTip(_tc("LoadPage", "Measured with your renderer and scene on the card below"))
        form.addRow(_tc("LoadPage", "&Time per frame"), self.minutes)
        self.reference = QComboBox()
        for card in catalog.cards:
            if card.fp32_tflops:
                self.reference.addItem(f"{card_name(card.name, current_language())} · {card.fp32_tflops:g} TFLOP/s",
                                       card.id)
        self.reference.setToolTip(_tc("LoadPage", "Other cards' times scale from this one by their FP32 rate"))
        form.addRow(_tc("LoadPage", "Measured &on"), self.reference)
        # in hours, as the window's deadline and --deadline take it: a night's render "by 6 am" is 10 h, which
        # days to a tenth could not hold (shown "0.4 days", typed as 9.6 h; session 37, persona 5)
        self.render_deadline = deadline_box(problem)
        form.addRow(_tc("LoadPage", "Finish &within"), self.render_deadline)
        self.boxes = (self.desktops_box, self.video_box, self.render_box)


    def offer_as_set(self, key: str, profile_gib: float, load_tflops: float) -> None:
        """Offer first the kind of user the window has set (``key``), named by its vGPU profile
        [GiB] and FP32 load per user [TFLOP/s], when it is none of the starting points."""
        text = _tc("LoadPage", "As set in the main window ({profile} GiB, {load} TFLOP/s each)")
        self.user_kind.insertItem(0, text.format(profile=f"{profile_gib:g}", load=f"{load_tflops:g}"), key)
    def show_for(self, workload: str) -> None:
        self.desktops_box.setVisible(workload == "vdi")
        self.video_box.setVisible(workload == "transcode")
        self.render_box.setVisible(workload == "render")
