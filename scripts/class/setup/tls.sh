# HTTPS for the hub (sourced by scripts/class.sh).

# A certificate for this machine, when the hub must serve HTTPS and none was given: made once
# (self-signed, for the machine's names and addresses, 825 days) and reused, so that a browser
# told to trust it keeps trusting it. IP is where the hub listens. Sets cert, key and
# fingerprint.
make_certificate() {
    local ip="$1" dir="$CLASS_HOME/hub/tls" host names address
    cert="$dir/hub.crt" key="$dir/hub.key"
    if ! command -v openssl >/dev/null; then
        say "Installing Debian's openssl (the hub's certificate)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >/dev/null
    fi
    if [ ! -s "$cert" ] || [ ! -s "$key" ]; then
        mkdir -p "$dir"
        chmod 700 "$dir"
        host="$(hostname -f 2>/dev/null || hostname)"
        names="DNS:$host,DNS:localhost,IP:127.0.0.1"
        [ "$(hostname)" = "$host" ] || names+=",DNS:$(hostname)"
        for address in $(hostname -I 2>/dev/null || true); do names+=",IP:$address"; done
        case "$ip" in 0.0.0.0|::|127.0.0.1) ;; *) [[ "$ip" =~ ^[0-9.:a-fA-F]+$ ]] && names+=",IP:$ip" || names+=",DNS:$ip" ;; esac
        (umask 077 && openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 825 -subj "/CN=$host" \
            -addext "subjectAltName=$names" -keyout "$key" -out "$cert" 2>/dev/null)
        say "Made a certificate for this machine (self-signed, for $names): $cert"
    fi
    fingerprint="$(openssl x509 -in "$cert" -noout -fingerprint -sha256 | cut -d= -f2)"
}
