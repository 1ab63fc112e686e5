# Sourced by setup.sh and setup-tests.sh: apt_install PKG… installs the packages that are missing (with sudo when
# not root) and leaves their names in APT_NEWLY_INSTALLED, so a caller can tell what it put there itself.
APT_NEWLY_INSTALLED=()
apt_install() {
  local missing=() p sudo=""
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  APT_NEWLY_INSTALLED+=("${missing[@]}")
}
