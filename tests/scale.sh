#!/bin/sh
# scale.sh — README's recipes for more than one core and more than one
# machine (TAP), with existing engines only: a compressed month as lichess
# publishes it (.pgn.zst) streamed by zstdcat into GNU parallel --pipe, and
# the same spread over machines with parallel --sshlogin, here against an
# ssh server this test starts on 127.0.0.1 and stops (its own host key,
# user key and port; nothing of the machine's ssh is used).  The pieces'
# outputs, merged by tools/merge-shards.jq, equal one run over the whole
# file byte for byte.
set -u
ARBITER=${ARBITER:-./arbiter}
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
. "${TESTS:-tests}/tap.sh"
tap_tmp
[ -r "$CORPUS" ] || { echo "Bail out! $CORPUS not found (make data)"; exit 1; }
case $ARBITER in /*) bin=$ARBITER ;; *) bin=$(pwd)/$ARBITER ;; esac
merge=$(pwd)/tools/merge-shards.jq

# 12,000 games, as lichess publishes a month: zstd.
awk '/^\[Event / { g++ } g <= 12000 { print }' "$CORPUS" > "$tmp/month.pgn"
zstd -q -c "$tmp/month.pgn" > "$tmp/month.pgn.zst"
(cd "$tmp" && "$bin" check --format=jsonl --summary=jsonl month.pgn.zst) > "$tmp/single" 2> /dev/null
games=$(grep -vc '^{"summary":' "$tmp/single")
[ "$games" = 12000 ] && ok "one run over month.pgn.zst: $games records and a summary" || notok "one run: $games records"

# One machine, every core: zstdcat | parallel --pipe.
zstdcat "$tmp/month.pgn.zst" |
    parallel --pipe --block 1M --recend '\n\n' --recstart '[Event "' -k \
        "$bin" check --format=jsonl --summary=jsonl --origin=month.pgn.zst - > "$tmp/shards" 2> /dev/null
jq -c -n -f "$merge" < "$tmp/shards" > "$tmp/merged"
pieces=$(grep -c '^{"summary":' "$tmp/shards")
if [ "$pieces" -ge 4 ] && cmp -s "$tmp/merged" "$tmp/single"; then
    ok "zstdcat | parallel --pipe in $pieces pieces, merged: one run's output, byte for byte"
else
    notok "zstdcat | parallel --pipe: $pieces pieces; merged differs: $(cmp "$tmp/merged" "$tmp/single" 2>&1)"
fi

# More machines: an ssh server of the test's own on 127.0.0.1.
port=$((20000 + $$ % 20000))
mkdir -p "$tmp/ssh"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/host" && ssh-keygen -q -t ed25519 -N '' -f "$tmp/ssh/user"
cp "$tmp/ssh/user.pub" "$tmp/ssh/authorized_keys"
chmod 600 "$tmp/ssh/authorized_keys"
cat > "$tmp/ssh/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.1
HostKey $tmp/ssh/host
AuthorizedKeysFile $tmp/ssh/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $tmp/ssh/sshd.pid
CONF
mkdir -p /run/sshd 2> /dev/null
/usr/sbin/sshd -f "$tmp/ssh/sshd_config" -E "$tmp/ssh/log" 2>> "$tmp/ssh/log"
stop_sshd() { pid=$(cat "$tmp/ssh/sshd.pid" 2> /dev/null) && [ -n "$pid" ] && kill "$pid" 2> /dev/null; }
trap 'stop_sshd; rm -rf "$tmp"' EXIT INT TERM
sshcmd="ssh -p $port -i $tmp/ssh/user -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o BatchMode=yes"
tries=0
until $sshcmd "$(id -un)@127.0.0.1" true 2> /dev/null || [ $tries -ge 50 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
if $sshcmd "$(id -un)@127.0.0.1" true 2> /dev/null; then
    ok "an ssh server on 127.0.0.1:$port, the test's own keys"
    # Two "machines": the ssh server and this one (:), a job slot each.
    zstdcat "$tmp/month.pgn.zst" |
        parallel --pipe --block 1M --recend '\n\n' --recstart '[Event "' -k \
            --sshlogin "1/$sshcmd $(id -un)@127.0.0.1" --sshlogin 1/: \
            "$bin" check --format=jsonl --summary=jsonl --origin=month.pgn.zst - > "$tmp/ssh-shards" 2> "$tmp/ssh-err"
    jq -c -n -f "$merge" < "$tmp/ssh-shards" > "$tmp/ssh-merged"
    pieces=$(grep -c '^{"summary":' "$tmp/ssh-shards")
    if [ "$pieces" -ge 4 ] && cmp -s "$tmp/ssh-merged" "$tmp/single"; then
        ok "parallel --sshlogin over ssh and this machine, $pieces pieces, merged: one run's output, byte for byte"
    else
        notok "--sshlogin: $pieces pieces; $(cmp "$tmp/ssh-merged" "$tmp/single" 2>&1); $(head -3 "$tmp/ssh-err")"
    fi
    grep -q "Accepted publickey" "$tmp/ssh/log" && ok "the pieces went through the ssh server (its log)" ||
        notok "the ssh server's log shows no login: $(tail -3 "$tmp/ssh/log")"
else
    notok "no ssh server on 127.0.0.1:$port (openssh-server; tools/deps.sh test): $(tail -3 "$tmp/ssh/log")"
fi
stop_sshd

tap_end
