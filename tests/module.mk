# tests/: the C TAP harness and the library suites.
#
# $(call add_test,NAME,EXTRA_LIBS) builds $(B)tests/NAME.t from
# tests/NAME.c + tests/tap.c + libfcap; HOST_SUITES lists the sanitizer
# builds, which `make check` runs.
TEST_BINS :=
define add_test
TEST_BINS += $(B)tests/$(1).t
$(B)tests/$(1).t: $(B)tests/$(1).o $(B)tests/tap.o $(B)lib/libfcap.a
	$$(quiet) LD $$@
	$$(Q)$$(CC) $$(ALL_CFLAGS) $$(ALL_LDFLAGS) -o $$@ $$^ $(2) $$(LIBS_CAP)
endef

$(eval $(call add_test,codec,))
$(eval $(call add_test,text,))
$(eval $(call add_test,model,))
$(eval $(call add_test,root_libcap,))
$(eval $(call add_test,read,))
$(eval $(call add_test,manifest,))

test-bins: $(TEST_BINS)

HOST_SUITES += tests/build.sh $(SANB)tests/codec.t $(SANB)tests/text.t \
	$(SANB)tests/model.t $(SANB)tests/root_libcap.t $(SANB)tests/read.t \
	$(SANB)tests/manifest.t
LINT_C += $(wildcard tests/*.c tests/*.h)
