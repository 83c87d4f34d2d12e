from artemis.cli import main

main()
