"""Kafka protocol messages: the grammar model, the ``.kfg`` grammar files and their registry."""
