#!/usr/bin/python3
# Opens systemd's notification socket, then replaces itself (exec, same PID) with the given command, which inherits
# the connected socket as the file descriptor named in POKERTABLE_NOTIFY_FD.
#
# Why: Node has no unix datagram sockets. Sending through a helper process (systemd-notify, a python child) comes from
# another PID, which systemd only accepts with NotifyAccess=all, and a short-lived sender races systemd's lookup of
# its cgroup. Here the socket is opened before Node starts and the messages are written by the table's own process
# (the service's main PID), so NotifyAccess=main works. Python's socket module handles both the path form and the
# abstract-namespace "@" form of NOTIFY_SOCKET.
#
# Usage: notify-exec.py COMMAND [ARG...]      (without NOTIFY_SOCKET it only execs COMMAND)
import os
import socket
import sys


def open_notify_socket(address):
    target = "\0" + address[1:] if address.startswith("@") else address
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        sock.connect(target)
    except OSError as error:
        sock.close()
        print(f"notify-exec: cannot connect to NOTIFY_SOCKET {address!r}: {error}; starting without sd_notify",
              file=sys.stderr)
        return None
    fd = sock.detach()
    os.set_inheritable(fd, True)
    return fd


def main():
    command = sys.argv[1:]
    if not command:
        print("usage: notify-exec.py COMMAND [ARG...]", file=sys.stderr)
        return 2
    address = os.environ.get("NOTIFY_SOCKET", "")
    os.environ.pop("POKERTABLE_NOTIFY_FD", None)
    if address:
        fd = open_notify_socket(address)
        if fd is not None:
            os.environ["POKERTABLE_NOTIFY_FD"] = str(fd)
    try:
        os.execvp(command[0], command)
    except OSError as error:
        print(f"notify-exec: cannot run {command[0]!r}: {error}", file=sys.stderr)
        return 127


if __name__ == "__main__":
    sys.exit(main())
