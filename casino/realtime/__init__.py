"""What the casino's real-time apps share, below all of them: the channel
layer's group names, who is connected (presence), flood limits, leases in
Redis, the per-process fan-out of a table's updates and the flash line a
socket answers with. Nothing here imports another app of the casino."""
