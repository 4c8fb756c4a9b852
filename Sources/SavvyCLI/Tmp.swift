public let xSavvyCLI = 1
