//! MENACE, Donald Michie's matchbox learner (under construction).
