#!/bin/sh
# An engine that says nothing and ends: reconstruct says so and keeps its own order.
exit 0
