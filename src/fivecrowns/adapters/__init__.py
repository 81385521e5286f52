"""Optional integrations with other libraries; each needs its extra installed.

- :mod:`fivecrowns.adapters.pettingzoo`: a PettingZoo AEC environment
  (``pip install "fivecrowns[pettingzoo]"``).
- :mod:`fivecrowns.adapters.gymnasium`: a Gymnasium environment (one agent against built-in
  bots) and a vector environment on the batched simulator
  (``pip install "fivecrowns[gymnasium]"``).

Importing :mod:`fivecrowns` never imports an adapter.
"""
