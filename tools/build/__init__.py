"""The build of the static site (build.py runs it); one module per job."""
