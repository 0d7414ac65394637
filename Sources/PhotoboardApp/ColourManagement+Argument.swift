import ArgumentParser
import XBoard

extension ColourManagement: ExpressibleByArgument {}
