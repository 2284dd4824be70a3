"""The interview task: nine questions from a CV and a job description, three easy, three
medium and three hard, each on a topic the JD or the CV names and each citing the line it
probes. Code picks the topics, the difficulty split and the cited lines; the model only
words the questions."""
