"""sgs-tools: the authoring toolchain for Sanguosha cards, generals and modes."""

__version__ = "0.1.0"
