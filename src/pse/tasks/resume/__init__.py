"""The built-in ``resume`` task: a resume tailored to a job or a recommended role."""
