"""kformat's protocol grammars: data files, see README.md."""
