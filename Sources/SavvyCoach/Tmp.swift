public let xSavvyCoach = 1
