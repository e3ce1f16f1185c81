"""The graphics fields of the field registry (virtual desktops, transcoding, rendering): one declaration each,
read through :mod:`configurator.core.fields` (``FIELDS``, ``BY_PATH``, ``BY_FLAG``), which says what an entry holds."""

from __future__ import annotations

from configurator.core.field_marks import FPS, _f, _t
from configurator.core.field_spec import FieldSpec, Kind

_PX = _t("ScenarioEditor", " px")

GRAPHICS_FIELDS: tuple[FieldSpec, ...] = (
    _f("graphics.users", _t("ScenarioController", "users"), _t("ScenarioEditor", " users"), help=_t(
        "ScenarioEditor", "Desktops or cloud workstations in use at the same time"), flag="--users",
       metavar="N", cli_help="users: for --workload inference those served at once (the same as --concurrency), "
                             "for --workload vdi the virtual desktops in use",
       row_label=_t("ScenarioEditor", "&Users")),
    _f("graphics.profile_gib", _t("ScenarioController", "vGPU profile"), widget=Kind.CHOICE, help=_t(
        "ScenarioEditor", "vGPU framebuffer profile per user. NVIDIA suggests 1–2 GiB (B-series) for office and web desktops, "
             "2–8 GiB and more (Q-series) for CAD and 3D work."), flag="--profile", metavar="GIB",
       cli_help="vGPU framebuffer per user [GiB]: 1, 2, 4, 8 …",
       row_label=_t("ScenarioEditor", "vGPU &profile (at least)")),
    _f("graphics.user_class", _t("ScenarioController", "kind of user"), flag="--user-class", help=_t(
        "ScenarioEditor", "Kind of desktop user. With the displays it sets the least vGPU profile, from NVIDIA's vPC and "
             "vWS sizing guides: each kind's profile on one HD display is shown beside it; twice that for more "
             "than one HD display's pixels."),
       cli_help="kind of desktop user: sets the least vGPU profile with the displays, and the shading load "
                "where --shading is not given (designer 2 TFLOP/s)",
       row_label=_t("ScenarioEditor", "&Kind of user")),
    _f("graphics.monitors", _t("ScenarioController", "monitors"), _t("ScenarioEditor", " per desktop"), help=_t(
        "ScenarioEditor", "Displays of each desktop, at the resolution below each; more pixels than one HD display "
             "need a larger vGPU profile"), flag="--monitors", row_label=_t("ScenarioEditor", "&Monitors")),
    _f("graphics.shading_tflops_per_user", _t("ScenarioController", "shading per user"), _t("ScenarioEditor", " TFLOP/s"), decimals=3,
       step=0.05, help=_t(
        "ScenarioEditor", "Average FP32 shading load of one user. Time-sliced vGPUs share the shader cores; 0.25 TFLOP/s "
             "is the knowledge-worker density NVIDIA quotes for the A16 (64 desktops per board)."),
       flag="--shading", metavar="TFLOPS", cli_help="average FP32 load per user, by default the --user-class's [TFLOP/s]",
       row_label=_t("ScenarioEditor", "&Shading per user")),
    _f("graphics.streams", _t("ScenarioController", "streams"), _t("ScenarioEditor", " streams"), help=_t(
        "ScenarioEditor", "Video streams encoded at the same time (live channels, or files transcoded in parallel)"),
       flag="--streams", row_label=_t("ScenarioEditor", "&Streams")),
    _f("graphics.resolution", _t("ScenarioController", "resolution"), flag="--resolution",
       cli_help="stream resolution, or each desktop display's (2160p: 4K)", help=_t(
        "ScenarioEditor", "Output resolution: encoder throughput scales with pixels per frame. For virtual desktops, "
             "each display's resolution: it sets the vGPU profile with the monitors"),
       row_label=_t("ScenarioEditor", "&Resolution")),
    _f("graphics.fps", _t("ScenarioController", "frame rate"), FPS, help=_t("ScenarioEditor", "Frames per second of each stream"),
       flag="--fps", row_label=_t("ScenarioEditor", "Fr&ame rate")),
    _f("graphics.codec", _t("ScenarioController", "codec"), flag="--codec",
       cli_help="codec the streams are encoded to (AV1: an Ada or newer encoder); each input is decoded on the "
                "card's NVDEC engines unless --no-decode", help=_t(
        "ScenarioEditor", "Output codec. AV1 needs an Ada or newer encoder (L4, L40, L40S, RTX 40/50)."),
       row_label=_t("ScenarioEditor", "&Codec")),
    _f("graphics.preset", _t("ScenarioController", "encoder preset"), flag="--preset",
       cli_help="NVENC preset, p1 fastest .. p5 better quality", help=_t(
        "ScenarioEditor", "NVENC preset: P1 encodes about twice as fast as P4, P5 about a quarter slower, at better quality"),
       row_label=_t("ScenarioEditor", "Encoder &preset")),
    _f("graphics.decode", _t("ScenarioController", "decoding"), flag="--no-decode", cli_type="clear",
       cli_help="streams arrive decoded (encode only)", help=_t(
        "ScenarioEditor", "Transcoding decodes each input stream with NVDEC before encoding it")),
    _f("graphics.scene_gib", _t("ScenarioController", "scene size"), _t("ScenarioEditor", " GiB"), decimals=2, help=_t(
        "ScenarioEditor", "Geometry and textures the renderer loads; the whole scene must fit in each card's memory"),
       flag="--scene", metavar="GIB", row_label=_t("ScenarioEditor", "&Scene size")),
    _f("graphics.frames", _t("ScenarioController", "frames"), _t("ScenarioEditor", " frames"), help=_t("ScenarioEditor", "Frames in the job"),
       flag="--frames", row_label=_t("ScenarioEditor", "F&rames")),
    _f("graphics.reference_card", _t("ScenarioController", "reference card"), widget=Kind.CHOICE, help=_t(
        "ScenarioEditor", "The card your time per frame was measured on; other cards scale by their FP32 rate"),
       row_label=_t("ScenarioEditor", "Measured &on")),
    _f("graphics.reference_minutes_per_frame", _t("ScenarioController", "time per frame"), _t("ScenarioEditor", " min/frame"), decimals=3,
       step=0.5, help=_t("ScenarioEditor", "Time one frame takes on the reference card, measured with your renderer and scene"),
       flag="--minutes-per-frame", cli_help="measured time per frame on the reference card [min]",
       row_label=_t("ScenarioEditor", "&Time per frame")),
    _f("graphics.render_width", _t("ScenarioController", "output width"), _PX, help=_t("ScenarioEditor", "Output width"),
       row_label=_t("ScenarioEditor", "Output &width")),
    _f("graphics.render_height", _t("ScenarioController", "output height"), _PX, help=_t("ScenarioEditor", "Output height"),
       row_label=_t("ScenarioEditor", "O&utput height")),
    _f("graphics.render_layers", _t("ScenarioController", "output layers"), help=_t(
        "ScenarioEditor", "Output layers (beauty, depth, normals, AOVs) kept in memory as 32-bit RGBA"),
       row_label=_t("ScenarioEditor", "La&yers")),
    _f("graphics.local_display", _t("ScenarioController", "monitor attached"), flag="--local-display", cli_type="set",
       question=_t("LoadPage", "Do the users &sit at the machine with a monitor attached (deskside), or connect "
                               "remotely?"),
       answers=(_t("LoadPage", "Remotely: virtual desktops on servers"),
                _t("LoadPage", "At the machine: monitors cabled to its card (deskside workstation)"))),
)
"""The graphics section's entries, in the editor's order."""
