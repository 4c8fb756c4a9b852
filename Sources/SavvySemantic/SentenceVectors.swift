/// What one pass of the encoder gives for a sentence: its sentence embedding and the pooled state
/// of an intermediate layer.
///
/// The embedding (the final layer's mean over tokens) is what the model was trained to make:
/// sentences of the same meaning lie close whatever their wording, which is right for similarity
/// and relevance, but it also smooths away how a sentence is told ("It fell to me to…", "What I
/// did was…"), and that form is what shows a sentence's role in an answer. The middle layer's
/// mean keeps it: on the content dev set's written STAR sentences, adding it to a sentence
/// classifier's input raised accuracy by scenario-held-out folds from 0.86 to 0.91.
/// Both come from the same pass, so the second vector costs only its pooling.
public struct SentenceVectors: Sendable, Equatable {
    /// The final layer's mean over the sentence's tokens (`[CLS]` and `[SEP]` included), unit length.
    public var embedding: [Float]
    /// The mean over the same tokens of encoder layer `SentenceEncoder.middleLayer`'s output, unit length.
    public var middle: [Float]

    public init(embedding: [Float], middle: [Float]) {
        self.embedding = embedding
        self.middle = middle
    }
}
