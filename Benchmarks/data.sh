# Sourced by the benchmark scripts to keep a run's figures as a dated file under Benchmarks/data
# (Benchmarks/data/README.md): data_start at the start of the run, data_write at the end.
#
#   data_start KIND EXT OPTION COMMAND...
#       OPTION is the script's -o value: empty for the default, the first free name of
#       Benchmarks/data/KIND-DATE.EXT, KIND-DATE-2.EXT and on (never an existing file), or
#       "none" for no file; sets data_file (empty for none) and notes the commit, the machine
#       and the start for the header. COMMAND is the run's command line.
#   data_write TITLE < FIGURES
#       writes the header (TITLE, command, commit, machine, times) and FIGURES to data_file.

data_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

data_start() {
    local kind=$1 ext=$2 option=$3
    shift 3
    data_command=$*
    data_file=
    data_started=$(date -u '+%Y-%m-%d %H:%M')
    data_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
    data_commit=$(git -C "$data_root" rev-parse --short HEAD 2>/dev/null || echo unknown)
    if [ "$data_commit" != unknown ] && [ -n "$(git -C "$data_root" status --porcelain --untracked-files=no -- Sources Plugins Package.swift 2>/dev/null)" ]; then
        data_commit="$data_commit, with uncommitted changes to Sources, Plugins or Package.swift"
    fi
    case $option in
        none) return 0 ;;
        "") ;;
        /*) data_file=$option; return 0 ;;
        *) data_file="$PWD/$option"; return 0 ;;
    esac
    local day n=1
    day=$(date -u +%Y-%m-%d)
    data_file="$data_root/Benchmarks/data/$kind-$day.$ext"
    while [ -e "$data_file" ]; do
        n=$((n + 1))
        data_file="$data_root/Benchmarks/data/$kind-$day-$n.$ext"
    done
}

data_write() {
    local title=$1
    if [ -z "$data_file" ]; then cat > /dev/null; return 0; fi
    local cpu cores memory swift_version
    cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
    cores=$(nproc 2>/dev/null || echo '?')
    memory=$(awk '/^MemTotal:/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
    swift_version=$(swift --version 2>/dev/null | grep -m1 -oE 'Swift version [0-9.]+' || true)
    mkdir -p "$(dirname "$data_file")"
    {
        echo "# $title, ${data_started%% *}"
        echo
        echo "- **Command:** \`$data_command\`"
        echo "- **Commit:** $data_commit"
        echo "- **Machine:** $(uname -sm), $cores cores${cpu:+ ($cpu)}${memory:+, $memory}${swift_version:+, $swift_version};" \
            "load average $data_load at the start, $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?') at the end"
        echo "- **Run:** ${data_started#* } to $(date -u +%H:%M) UTC"
        echo
        cat
    } > "$data_file"
    echo "figures written to ${data_file#"$data_root"/}"
}
