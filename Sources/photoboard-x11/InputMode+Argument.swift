import ArgumentParser
import XBoard
import XBoardPlatform

extension InputMode: ExpressibleByArgument {}
