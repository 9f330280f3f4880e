# SPDX-License-Identifier: GPL-2.0-only
# bash completion for setfcap, getfcap, fsck-check, fcaps-guard and fcaps-learn
# (installed under each name)

_fcaps_capnames()
{
	local c
	for c in chown dac_override dac_read_search fowner fsetid kill \
		setgid setuid setpcap linux_immutable net_bind_service \
		net_broadcast net_admin net_raw ipc_lock ipc_owner sys_module \
		sys_rawio sys_chroot sys_ptrace sys_pacct sys_admin sys_boot \
		sys_nice sys_resource sys_time sys_tty_config mknod lease \
		audit_write audit_control setfcap mac_override mac_admin \
		syslog wake_alarm block_suspend audit_read perfmon bpf \
		checkpoint_restore; do
		echo "cap_$c"
	done
}

_setfcap()
{
	local cur prev i n=0
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	case $prev in
	-n | --rootid)
		return
		;;
	--manifest)
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	--root)
		COMPREPLY=($(compgen -d -- "$cur"))
		return
		;;
	esac
	# count operands before this word: odd -> a file, even -> caps
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-n | --rootid | --root | --manifest) ((i++)) ;;
		-r | -) ((n++)) ;;
		-*) ;;
		*) ((n++)) ;;
		esac
	done
	if ((n % 2)); then
		COMPREPLY=($(compgen -f -- "$cur"))
	elif [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '-f -h -n -q -r -v -- --if-present
			--help --manifest --root --dry-run --fallback-setuid --rootid
			--quiet --verify --license --version' \
			-- "$cur"))
	else
		COMPREPLY=($(compgen -W "$(_fcaps_capnames)" -- "${cur##*[,= ]}"))
	fi
}

# The runtime context options of getfcap --explain and fsck-check
# (common/ctxopt.c): the words, and the arguments after $prev (status 1:
# $prev is none of them).
_fcaps_context_opts='--context --user --bounding --cap-add --cap-drop
	--ambient --no-new-privs --userns-root --nosuid --privileged'
_fcaps_context_arg()
{
	case $prev in
	--user)
		COMPREPLY=($(compgen -u -- "$cur"))
		;;
	--context)
		case $cur in
		oci:* | k8s:* | podman-kube:* | compose:* | \
		podman-compose:* | unit:*)
			COMPREPLY=($(compgen -P "${cur%%:*}:" -f -- \
				"${cur#*:}"))
			;;
		*)
			COMPREPLY=($(compgen -W 'docker podman cap-drop-all
				k8s-restricted systemd systemd: self oci:
				k8s: podman-kube: compose: podman-compose:
				unit:' -- "$cur"))
			;;
		esac
		;;
	--bounding | --cap-add | --cap-drop | --ambient)
		COMPREPLY=($(compgen -W "$(_fcaps_capnames) all" \
			-- "${cur##*,}"))
		;;
	--userns-root)
		;;
	*)
		return 1
		;;
	esac
}

_getfcap()
{
	local cur prev
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	_fcaps_context_arg && return
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "-h -n -r -v --help --one-file-system
			--raw --json --manifest --explain --version
			$_fcaps_context_opts" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}

_fsck_check()
{
	local cur prev
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	_fcaps_context_arg && return
	case $prev in
	-j | --jobs | --offset)
		return
		;;
	--fail-on)
		COMPREPLY=($(compgen -W 'info warning error' -- "$cur"))
		return
		;;
	--deny | --dangerous)
		COMPREPLY=($(compgen -W "$(_fcaps_capnames) none" \
			-- "${cur##*,}"))
		return
		;;
	--guard-mask)
		COMPREPLY=($(compgen -W "$(_fcaps_capnames) all" \
			-- "${cur##*,}"))
		return
		;;
	--kernel)
		COMPREPLY=($(compgen -W '6.1 6.12 7.3' -- "$cur"))
		return
		;;
	--policy | --baseline | --save-baseline | --prometheus | --image | \
	--archive | --oci)
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	--image-ref)
		# the ref.name annotations of the --oci layout's index.json
		local i oci=
		for ((i = 1; i < COMP_CWORD; i++)); do
			[[ ${COMP_WORDS[i]} == --oci ]] && oci=${COMP_WORDS[i + 1]}
		done
		[[ -n $oci && -r $oci/index.json ]] || return
		COMPREPLY=($(compgen -W "$(grep -o \
			'"org.opencontainers.image.ref.name": *"[^"]*"' \
			"$oci/index.json" | sed 's/.*"\([^"]*\)"$/\1/')" \
			-- "$cur"))
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "-h -j -q -x --help --jobs --quiet
			--cross-mounts --json --list --cyclonedx --fail-on --policy
			--deny --dangerous --guard-mask --kernel --profiles --baseline
			--save-baseline --image --offset
			--prometheus --force --archive --oci --image-ref
			--version $_fcaps_context_opts" \
			-- "$cur"))
	else
		COMPREPLY=($(compgen -d -- "$cur"))
	fi
}

_fcaps_guard()
{
	local cur prev
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	case $prev in
	-c | --config)
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	-p | --pin-dir)
		COMPREPLY=($(compgen -d -- "$cur"))
		return
		;;
	esac
	COMPREPLY=($(compgen -W "-c -h -p --check --config --help --pin-dir
		--status --unload --version" -- "$cur"))
}

_fcaps_learn()
{
	local cur prev i
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	# after "--", the command: complete it as the shell does
	for ((i = 1; i < COMP_CWORD; i++)); do
		if [[ ${COMP_WORDS[i]} == -- ]]; then
			COMPREPLY=($(compgen -c -- "$cur"))
			return
		fi
	done
	case $prev in
	-u | --user)
		COMPREPLY=($(compgen -u -- "$cur"))
		return
		;;
	--check | --timeout)
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "-h -u -v --apply --check --help
			--same-output --timeout --user --verbose --version" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}

complete -F _setfcap setfcap
complete -F _getfcap getfcap
complete -F _fsck_check fsck-check
complete -F _fcaps_guard fcaps-guard
complete -F _fcaps_learn fcaps-learn
