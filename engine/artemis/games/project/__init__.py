"""The Artemis Project: its vocabulary, content spec, state, rules, views and bots."""
