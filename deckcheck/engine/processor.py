"""The rules processor: a stack of typed frames in the state, in the manner of ocgcore's
processor units.

The current frame is ``state.frames[-1]``. Its handler, found by ``(kind, step)``, does
one step of work: it changes the state, sets the frame's next ``step``, may push frames
(they run first) or pop its own, and either returns ``None`` (go on) or a ``Prompt``.
A prompt stops the processor; the answer is put in the asking frame's ``answer`` and that
frame continues at the step it set. The pending prompt is part of the state, so nothing
is ever re-run to resume a duel: a copy of the state is a copy of the duel, at any point,
whatever a handler did before it asked.

Frames of this engine: ``duel`` (setup and the turn structure), ``battle`` (the Battle
Phase), ``window`` (a priority window), and one per Main Phase action being carried out
(``summon``, ``set``, ``set_card``, ``scale``, ``pendulum``, ``synchro``, ``xyz``,
``link``). An effect layer adds its own kinds (a chain being built, a link resolving)
through ``EffectLayer.handler``: a window may resolve into a chain, a chain link may push
a summon, triggers collected on the way may start another chain; each runs on top of the
frame it interrupts and hands control back by popping itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from deckcheck.engine.actions import PASS, Prompt
from deckcheck.engine.effects.base import NO_EFFECTS
from deckcheck.engine.state import NO_WINNER, Frame

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.effects.base import EffectLayer

Handler = Callable[["Duel", Frame], Prompt | None]
# frame kind -> step -> handler: two lookups by string, cheaper than building and hashing
# a (kind, step) key at each of the thousand steps of a duel
HANDLERS: dict[str, dict[str, Handler]] = {}


def handles(kind: str, *steps: str) -> Callable[[Handler], Handler]:
    """Register a handler for steps of a frame kind."""

    def register(fn: Handler) -> Handler:
        for step in steps:
            HANDLERS.setdefault(kind, {})[step] = fn
        return fn

    return register


def run(duel: Duel) -> Prompt | None:
    """Run handlers until a decision is needed (returned) or the duel is over (None).
    Single-option prompts are answered here when the duel answers them itself."""
    s = duel.state
    frames = s.frames
    auto = duel.auto
    layer = duel.effects
    handlers = HANDLERS
    while s.winner == NO_WINNER:
        f = frames[-1]
        try:  # subscripts, not get(): a try costs nothing until it catches
            handler = handlers[f.kind][f.step]
        except KeyError:
            handler = _layer_handler(layer, f)
        prompt = handler(duel, f)
        if prompt is None:
            continue
        if frames[-1] is not f:  # the answer goes to the asking frame, the current one
            raise RuntimeError(f"step {f.step!r} of a {f.kind} frame asked and pushed a frame")
        if auto and len(prompt.options) == 1:
            f.answer = prompt.options[0]  # not a decision: not logged
            continue
        return prompt
    frames.clear()
    return None


def _layer_handler(layer: EffectLayer, f: Frame) -> Handler:
    """The handler of a step the rules do not register: the effect layer's own, if any."""
    handler = layer.handler(f.kind, f.step)
    if handler is None:
        raise RuntimeError(f"no handler for step {f.step!r} of a {f.kind} frame")
    return handler


def push(duel: Duel, kind: str, step: str, **data: object) -> Frame:
    frame = Frame(kind, step, data)
    duel.state.frames.append(frame)
    return frame


def pop(duel: Duel, frame: Frame) -> None:
    """End ``frame``, which must be the current one."""
    top = duel.state.frames.pop()
    assert top is frame, f"popped a {top.kind} frame, not the {frame.kind} frame"


# ---- priority windows (rulebook 6.2) ----------------------------------------------------------


def open_window(
    duel: Duel,
    timing: str,
    then: str | None = None,
    holder: int = -1,
    passes: int = 0,
    back: str | None = None,
) -> None:
    """Open a priority window on top of the current frame (the turn player first unless
    ``holder`` says otherwise); the current frame goes on at ``then`` once it closes, or at
    ``back`` if a chain resolved in the window (the phase did not end: the turn player
    acts again)."""
    s = duel.state
    if then is not None:
        s.frames[-1].step = then
    if duel.effects is NO_EFFECTS:
        return  # no card effects: both players pass at once, so no window is needed
    who = s.turn_player if holder < 0 else holder
    data = {"timing": timing, "holder": who, "passes": passes}
    if back is not None and duel.effects.live:
        data["back"] = back
    s.frames.append(Frame("window", "ask", data))


@handles("window", "ask")
def window_ask(duel: Duel, f: Frame) -> Prompt | None:
    """Whoever holds priority may respond; with nothing to activate they pass without a
    prompt. Two passes in succession close the window."""
    data = f.data
    layer = duel.effects
    timing = data["timing"]
    if layer.live and "since" not in data and layer.opens(duel, f):
        return None  # triggers go on the chain first (they ask their own questions)
    forced = layer.forced(duel, f) if layer.live and duel.state.chain else None
    if forced is not None:  # a mandatory Quick Effect answers the activation at once
        data["holder"], data["passes"] = forced[0], 0
        f.step = "answered"
        return Prompt(forced[0], "respond", forced[1])
    while True:
        holder = data["holder"]
        options = layer.responses(duel, holder, timing)
        if options:
            f.step = "answered"
            return Prompt(holder, "respond", (*options, PASS))
        if _passed(duel, f):
            return None


@handles("window", "answered")
def window_answered(duel: Duel, f: Frame) -> None:
    choice = f.answer
    f.step = "ask"
    if choice == PASS:
        _passed(duel, f)
        return
    data = f.data
    player = data["holder"]
    # after an activation the opponent holds priority, and the count of passes restarts
    data["holder"], data["passes"] = 1 - player, 0
    duel.effects.activate(duel, player, choice)


def _passed(duel: Duel, f: Frame) -> bool:
    """The holder passes; True if that closed the window."""
    data = f.data
    passes = data["passes"] + 1
    if passes < 2:
        data["passes"], data["holder"] = passes, 1 - data["holder"]
        return False
    duel.state.frames.pop()  # the window is the current frame
    duel.effects.resolve(duel, f)  # may push a chain to resolve before what comes next
    return True
