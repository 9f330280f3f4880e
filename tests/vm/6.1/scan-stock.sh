#!/bin/sh
# ext4 on virtio on the unpatched 6.1 kernel (tests/vm/scan-stock.sh).
exec sh tests/vm/scan-stock.sh build/kernel/6.1/stock/bzImage
