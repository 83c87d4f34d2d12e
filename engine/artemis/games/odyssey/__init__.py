"""The Artemis Odyssey: the second game on the kernel (its content; its rules come next)."""
