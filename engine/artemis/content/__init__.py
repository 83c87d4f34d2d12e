"""Content: YAML files -> located plain data -> schema and cross-file checks -> catalog."""
