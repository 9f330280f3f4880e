#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-only
#
# The dh sequence add-on of dh_fcaps (dh-sequence-fcaps, dh --with fcaps):
# after dh_fixperms, so that the owners and modes it records are final,
# and before dh_installdeb, which merges its maintainer-script snippets.
use strict;
use warnings;
use Debian::Debhelper::Dh_Lib;

insert_after('dh_fixperms', 'dh_fcaps');

1;
