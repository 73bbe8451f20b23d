"""The output layer: batches and records as JSON, ``kformat dump`` text and Arrow columns.

One table of batch and record fields (:mod:`kformat.outputs.fields`) says what each output
holds; the writers read it:

* :mod:`kformat.outputs.jsonlines`: JSON lines (``kformat records decode``, docs/json.md);
* :mod:`kformat.outputs.columnar`: :func:`~kformat.outputs.columnar.to_arrow`, with one kernel
  per engine (:mod:`kformat.outputs.arrow_python`, :mod:`kformat.outputs.arrow_native`);
* :mod:`kformat.outputs.decoders`: the plain key/value decoders of the command line;
* the ``kformat dump`` text (:mod:`kformat.segments.dump`) takes its batch labels from the
  same table.

The layer sits below the records layer, whose values it renders, and above the consumers
(protocol JSON views, segments, Spark). Importing it does not import pyarrow.
"""
