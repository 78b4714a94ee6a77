"""Mississippi Stud (58 Pa. Code Ch. 655a) with the Must-Hit-By Mystery bonus
of seed § 655c.1, on the poker engine (games/poker/)."""
