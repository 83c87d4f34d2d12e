"""Small helpers below every layer: where the shipped data is, immutable catalog values."""
