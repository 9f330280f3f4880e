#!/bin/sh
# The Oracle case (mlock, SHM_HUGETLB, mlockall) on the unpatched 6.1 kernel.
exec sh tests/vm/run.sh build/kernel/6.1/stock/bzImage seed
