"""Optional integrations with other libraries; each needs its extra installed.

- :mod:`fivecrowns.adapters.pettingzoo`: a PettingZoo AEC environment
  (``pip install "fivecrowns[pettingzoo]"``).

Importing :mod:`fivecrowns` never imports an adapter.
"""
