"""The registered games. Each subpackage is one ruleset; the kernel imports none of them."""
