"""The deterministic fixture corpus (``kformat fixtures generate|verify``; docs/fixtures.md).

* :mod:`~kformat.corpus.values`: values for any grammar in four profiles;
* :mod:`~kformat.corpus.protocol`, :mod:`~kformat.corpus.batches`,
  :mod:`~kformat.corpus.internal`, :mod:`~kformat.corpus.conversations`,
  :mod:`~kformat.corpus.invalid`: the fixtures of each section;
* :mod:`~kformat.corpus.formats`: how each format id is read and written;
* :mod:`~kformat.corpus.fixture`: a fixture and its expectation file;
* :mod:`~kformat.corpus.generate` / :mod:`~kformat.corpus.verify`: write and check a corpus;
* :mod:`~kformat.corpus.peers`: which independent implementation can check what;
* :mod:`~kformat.corpus.records_corpus`: record logs and partition directories by shard
  (the unit of the Spark corpus job).
"""
