"""Training Systems Lab: see where every byte, bubble and collective of LLM training goes."""

__version__ = "0.1.0"
