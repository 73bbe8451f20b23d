"""Talking to live Kafka peers: librdkafka's mock cluster and the decoding proxy."""
