"""A USI engine run as a child process, for the strength scripts: send a line, read up to a
line that starts with a prefix."""
import subprocess


class Engine:
    """A USI engine, handshaken (`usi`, options, `isready`) when made."""

    def __init__(self, path: str, options: list[tuple[str, str]] = (), stderr=None):
        """`stderr=subprocess.PIPE` keeps the engine's standard error for `self.p.stderr`."""
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=stderr, text=True, bufsize=1)
        self.send("usi")
        # The name the engine gives itself (`id name ...`), empty when it gives none.
        self.name = next((l.split(None, 2)[2] for l in self.until("usiok")
                          if l.startswith("id name ") and len(l.split(None, 2)) > 2), "")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def send(self, line: str) -> None:
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix: str) -> list[str]:
        """The lines read up to and including the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the engine ended")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def quit(self) -> None:
        self.send("quit")
        self.p.wait(timeout=10)
