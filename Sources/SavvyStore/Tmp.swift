public let xSavvyStore = 1
