"""The spec layer: kformat's ``.kfg`` grammar format, its loader and its compiler to construct.

One ``.kfg`` file per Kafka message (generated from Kafka's JSON message specs by
``kformat grammars import``) is read into a :class:`~kformat.spec.schema.MessageDef`
(:mod:`kformat.spec.dsl`, :mod:`kformat.spec.registry`) and compiled to a construct grammar
for one version (:func:`kformat.spec.compiler.body_grammar`). This layer sits below records,
so the records layer can use a generated grammar (control records) without importing the
protocol API; :mod:`kformat.protocol` builds requests, responses and internal-topic records
on it.
"""
