do {
    for line in try run() { print(line) }
} catch {
    print(error)
}
