public let xSavvyTestSupport = 1
