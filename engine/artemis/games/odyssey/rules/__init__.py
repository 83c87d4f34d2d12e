"""The Odyssey's rules, one module per part of its rulebook; each registers its steps and
answers in the step table of `artemis.games.odyssey.rules.flow`."""
