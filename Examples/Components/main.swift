for line in run() { print(line) }
