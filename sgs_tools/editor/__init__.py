"""Editor support: JSON Schemas for editors, filled in from the data, and modelines."""
