"""Optional integrations with other libraries; each needs its extra installed.

- :mod:`fivecrowns.adapters.pettingzoo`: a PettingZoo AEC environment
  (``pip install "fivecrowns[pettingzoo]"``).
- :mod:`fivecrowns.adapters.gymnasium`: a Gymnasium environment (one agent against built-in
  bots) and a vector environment on the batched simulator
  (``pip install "fivecrowns[gymnasium]"``).
- :mod:`fivecrowns.adapters.openspiel`: an OpenSpiel game, ``"python_fivecrowns"``, with
  chance nodes for the deal and the stock, so OpenSpiel's algorithms run on it
  (``pip install "fivecrowns[openspiel]"``).

Importing :mod:`fivecrowns` never imports an adapter.
"""
