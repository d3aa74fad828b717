"""One timed `nodes(with_status=True)` of pypuppetdb (Debian's python3-pypuppetdb), for
bench/client.ts: prints {"rows": N, "seconds": S} measured inside the interpreter.

    /usr/bin/python3 bench/pypuppetdbNodes.py HOST PORT
"""
import json
import sys
import time

from pypuppetdb import connect

db = connect(host=sys.argv[1], port=int(sys.argv[2]), timeout=600)
start = time.perf_counter()
rows = sum(1 for _ in db.nodes(with_status=True))
print(json.dumps({"rows": rows, "seconds": time.perf_counter() - start}))
