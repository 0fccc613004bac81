# The class's course: the git repository its lessons come from (sourced after scripts/setup.sh
# and local.sh, whose class_notebooks it uses). The work is scripts/class/classadmin/course.py's.

# The class's course: a git repository in $CLASS_HOME/course (branch main) holding the notebooks
# students get, through nbgitpuller (scripts/class/course-pull). Made from the crate's notebooks
# the first time. With UPDATE=1 the crate's notebooks of now come in (course.py: only those the
# teacher did not change; a notebook both changed stays as the teacher has it, and is said).
# HOME: the class's home as the students' servers see it, which the notebooks load the crate
# from; when it changed (PREVIOUS, containers on or off), the course's notebooks follow it.
make_course() {
    local home="$1" update="${2:-0}" previous="${3:-}" course="$CLASS_HOME/course" scratch when
    local python=("$CLASS_HOME/venv/bin/python" -m classadmin.course)
    when="$(date '+%Y-%m-%d %H:%M')"
    scratch="$(mktemp -d)"
    class_notebooks "$scratch" "$home"
    if [ ! -d "$course/.git" ]; then
        say "Making the class's course repository in $course"
        PYTHONPATH="$ROOT/scripts/class" "${python[@]}" create "$course" "$scratch" "$when" >/dev/null
    else
        if [ -n "$previous" ] && [ "$previous" != "$home" ]; then
            say "The course: $(PYTHONPATH="$ROOT/scripts/class" "${python[@]}" retarget "$course" "$previous" "$home" "$when")"
            update=1
        fi
        if [ "$update" -eq 1 ]; then
            say "The course: $(PYTHONPATH="$ROOT/scripts/class" "${python[@]}" update "$course" "$scratch" "$when")"
        fi
    fi
    rm -rf "$scratch"
    chmod -R a+rX "$course"
}
