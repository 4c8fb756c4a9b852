public let xSavvyAudio = 1
