import ArgumentParser
import XBoard

extension InputMode: ExpressibleByArgument {}
