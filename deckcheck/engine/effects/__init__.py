"""Card effects: the vocabulary of card files (schema.py), the compiled effects
(model.py), and the layer that plays them (layer.py: activation, chains, triggers, the
operation verbs, continuous effects). base.py is what the rules of play see."""

from deckcheck.engine.effects.base import NO_EFFECTS, EffectLayer, NoEffects, layer_for

__all__ = ["NO_EFFECTS", "EffectLayer", "NoEffects", "layer_for"]
